// Which provider answers: the configured model, else the local engine.
import type { Config } from '../config';
import { createLocalProvider } from './local';
import { createOpenAiProvider } from './openai';
import type { AiProvider } from './provider';

const providers = new WeakMap<Config, AiProvider>();

export function aiProvider(config: Config): AiProvider {
  let provider = providers.get(config);
  if (!provider) {
    const { model } = config.ai;
    provider = model ? createOpenAiProvider({ ...config.ai, model }) : createLocalProvider();
    providers.set(config, provider);
  }
  return provider;
}
