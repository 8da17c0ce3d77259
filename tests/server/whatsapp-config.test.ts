import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const meta = {
  WHATSAPP_APP_ID: '1234567890123456',
  WHATSAPP_APP_SECRET: '0123456789abcdef0123456789abcdef',
  WHATSAPP_CONFIG_ID: '987654321098765',
  WHATSAPP_COEXISTENCE_CONFIG_ID: '987654321098766',
  WHATSAPP_VERIFY_TOKEN: 'verify-token-with-enough-length',
};

describe('WhatsApp settings from the environment', () => {
  it('reads Meta’s app, the Graph URL and version, and the token key', () => {
    const key = randomBytes(32);
    const config = loadConfig({
      ...meta,
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999/graph/',
      WHATSAPP_GRAPH_VERSION: 'v24.0',
      WHATSAPP_TOKEN_KEY: key.toString('base64'),
    });
    expect(config.whatsapp).toEqual({
      meta: {
        appId: meta.WHATSAPP_APP_ID,
        appSecret: meta.WHATSAPP_APP_SECRET,
        configId: meta.WHATSAPP_CONFIG_ID,
        coexistenceConfigId: meta.WHATSAPP_COEXISTENCE_CONFIG_ID,
        verifyToken: meta.WHATSAPP_VERIFY_TOKEN,
      },
      graphUrl: 'http://127.0.0.1:9999/graph',
      graphVersion: 'v24.0',
      tokenKey: key,
    });
  });

  it('refuses a partial Meta configuration, naming each missing variable', () => {
    const { WHATSAPP_CONFIG_ID: _config, WHATSAPP_VERIFY_TOKEN: _verify, ...partial } = meta;
    expect(() => loadConfig(partial)).toThrow(
      /WHATSAPP_CONFIG_ID: obrigatório junto com[\s\S]*WHATSAPP_VERIFY_TOKEN: obrigatório junto com/,
    );
    expect(() => loadConfig({ WHATSAPP_VERIFY_TOKEN: meta.WHATSAPP_VERIFY_TOKEN })).toThrow(
      /WHATSAPP_APP_ID/,
    );
  });

  it('needs WHATSAPP_TOKEN_KEY with Meta in production, and refuses malformed values in pt-BR', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://app.fechai.com.br' };
    expect(() => loadConfig({ ...production, ...meta })).toThrow(
      /WHATSAPP_TOKEN_KEY: obrigatório em produção/,
    );
    expect(
      loadConfig({ ...production, ...meta, WHATSAPP_TOKEN_KEY: randomBytes(32).toString('base64') }).whatsapp
        .meta,
    ).not.toBeNull();
    // Production without Meta (and without dev pages) has no WhatsApp and needs no key.
    expect(loadConfig(production).whatsapp.meta).toBeNull();
    for (const [name, value, says] of [
      ['WHATSAPP_TOKEN_KEY', randomBytes(16).toString('base64'), '32 bytes'],
      ['WHATSAPP_GRAPH_VERSION', '23', 'v23.0'],
      ['WHATSAPP_GRAPH_URL', 'graph.facebook.com', 'http://'],
      ['WHATSAPP_APP_ID', 'abc', 'numérico'],
      ['WHATSAPP_APP_SECRET', 'short', 'hexadecimais'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`${name}: .*${says}`));
    }
  });
});
