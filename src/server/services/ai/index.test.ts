import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAiProvider } from '.';

const providerFor = (env: Record<string, string>) => createAiProvider(loadConfig({ DATA_DIR: '/tmp/unused', ...env }).openai);

describe('AI provider choice', () => {
  it('is the embedded engine when no model is configured', () => {
    const ai = providerFor({});
    expect(ai.kind).toBe('embedded');
    expect(ai.assistantId).toBe('copydesk-editor');
    expect(ai.describe()).toMatch(/^ai: embedded editorial engine/);
  });

  it('is the OpenAI-compatible model when a key or only a base URL is set', () => {
    expect(providerFor({ OPENAI_API_KEY: 'sk-x' })).toMatchObject({ kind: 'openai', assistantId: 'openai:gpt-4o-mini' });
    const local = providerFor({ OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1' });
    expect(local).toMatchObject({ kind: 'openai', assistantId: 'openai:llama3.1' });
    expect(local.describe()).toBe('ai: OpenAI-compatible model llama3.1 at http://localhost:11434/v1');
  });

  it('is the embedded engine with AI_PROVIDER=embedded, even when a model is configured', () => {
    const ai = providerFor({ AI_PROVIDER: 'embedded', OPENAI_API_KEY: 'sk-x' });
    expect(ai).toMatchObject({ kind: 'embedded', assistantId: 'copydesk-editor' });
    expect(() => providerFor({ AI_PROVIDER: 'ollama' })).toThrow('AI_PROVIDER must be auto or embedded, got "ollama"');
  });

  it('refuses a timeout that is not a positive number of milliseconds', () => {
    expect(() => providerFor({ OPENAI_API_KEY: 'sk-x', OPENAI_TIMEOUT_MS: 'soon' })).toThrow(
      'OPENAI_TIMEOUT_MS must be a positive integer',
    );
  });
});
