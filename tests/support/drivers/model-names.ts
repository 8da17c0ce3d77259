/**
 * How the path model's people and secrets are called in the app that replays it: a real server's
 * accounts have addresses, names and tokens of their own. Model words to the app's and back;
 * none in jsdom, whose fake server answers the model's own.
 */
export interface ModelNames {
  toApp(text: string): string;
  toModel(text: string): string;
}

export const sameNames: ModelNames = { toApp: (text) => text, toModel: (text) => text };

/** Names from `[app, model]` pairs, replaced in order (every occurrence); empty ones left out. */
export function namesFrom(given: readonly (readonly [app: string, model: string])[]): ModelNames {
  const pairs = given.filter(([app, model]) => app !== '' && model !== '');
  return {
    toApp: (text) => pairs.reduce((t, [app, model]) => t.split(model).join(app), text),
    toModel: (text) => pairs.reduce((t, [app, model]) => t.split(app).join(model), text),
  };
}
