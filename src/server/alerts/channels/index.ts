// One sender per channel kind. E-mail exists only when SMTP is configured.
import type { ChannelKind } from '../../../shared/alerts';
import type { Config } from '../../config';
import type { GuardedHttp } from '../../net/types';
import { emailSender } from './email';
import { ntfySender, pushSender, webhookSender, type VapidKeys } from './http-channels';
import type { ChannelSender, ChannelTarget, Message, SendResult } from './types';

export type { ChannelTarget, Message, SendResult } from './types';

export interface Channels {
  send(target: ChannelTarget, message: Message): Promise<SendResult>;
  close(): void;
}

export function createChannels(
  config: Config,
  http: GuardedHttp,
  vapid: () => Promise<VapidKeys>,
): Channels {
  const email = config.alerts.smtp
    ? emailSender(config.alerts.smtp, config.ingest.timeoutMs)
    : null;
  const senders: Record<ChannelKind, ChannelSender | null> = {
    push: pushSender(http, vapid, config.alerts.vapidSubject),
    ntfy: ntfySender(http),
    webhook: webhookSender(http),
    email,
  };
  return {
    async send(target, message) {
      const sender = senders[target.kind];
      if (!sender)
        return { ok: false, retry: false, reason: 'E-mail is not configured on this server' };
      return sender.send(target, message);
    },
    close: () => email?.close(),
  };
}
