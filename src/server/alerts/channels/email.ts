// E-mail through the operator's SMTP server (nodemailer). The address is the
// user's own; the server is operator-configured, so no address guard applies.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { ChannelSender, SendResult } from './types';

type Smtp = NonNullable<Config['alerts']['smtp']>;

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Nodemailer's failure in words a user can act on, and whether to try again. */
export function smtpOutcome(err: unknown, smtp: Smtp): SendResult {
  const e = (err ?? {}) as SmtpError;
  const where = `${smtp.host}:${smtp.port}`;
  const said = (e.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  if (e.code === 'EAUTH')
    return { ok: false, retry: false, reason: `The mail server ${where} refused the SMTP login` };
  if (typeof e.responseCode === 'number') {
    const temporary = e.responseCode >= 400 && e.responseCode < 500;
    return {
      ok: false,
      retry: temporary,
      reason: `The mail server ${temporary ? 'deferred' : 'refused'} the message: ${said || e.responseCode}`,
    };
  }
  if (e.code === 'ETIMEDOUT')
    return { ok: false, retry: true, reason: `The mail server ${where} did not answer in time` };
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS')
    return { ok: false, retry: true, reason: `Could not connect to the mail server ${where}` };
  return {
    ok: false,
    retry: true,
    reason: `E-mail could not be sent: ${(e.message ?? String(err)).slice(0, 200)}`,
  };
}

export interface EmailSender extends ChannelSender {
  close(): void;
}

export function emailSender(smtp: Smtp, timeoutMs: number): EmailSender {
  let transport: Transporter | undefined;
  const transporter = () =>
    (transport ??= nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    }));
  return {
    async send(target, message) {
      const to = target.config.email;
      if (!to) return { ok: false, retry: false, reason: 'The e-mail channel has no address' };
      try {
        await transporter().sendMail({
          from: smtp.from,
          to,
          subject: message.title,
          text: `${message.body}\n\n${message.url}\n`,
          // One id per alert, so a mail client shows a repeat as the same message.
          messageId: `<${message.id}@astrodash.alerts>`,
          headers: { 'X-AstroDash-Event': message.event },
        });
        return { ok: true };
      } catch (err) {
        return smtpOutcome(err, smtp);
      }
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}
