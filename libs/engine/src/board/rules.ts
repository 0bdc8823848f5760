/** Names of the rule sets the engine knows. */
export const RULE_NAMES = ['japanese', 'chinese', 'aga', 'korean', 'new-zealand', 'tromp-taylor'] as const;
export type RulesName = (typeof RULE_NAMES)[number];

/** How repetition beyond simple ko is handled. */
export type SuperkoRule = 'none' | 'positional' | 'situational';

/** A rule set: what is counted, which repetitions are forbidden, whether suicide is allowed. */
export interface Rules {
  readonly name: RulesName;
  /** territory: territory + prisoners (Japanese, Korean); area: stones + territory. */
  readonly scoring: 'territory' | 'area';
  /** none: simple ko only; positional: no whole-board repetition; situational: same with the player to move. */
  readonly superko: SuperkoRule;
  readonly suicide: boolean;
  /** Usual komi for an even game. */
  readonly defaultKomi: number;
}

/** The rule sets by name. */
export const RULES: Readonly<Record<RulesName, Rules>> = {
  japanese: { name: 'japanese', scoring: 'territory', superko: 'none', suicide: false, defaultKomi: 6.5 },
  korean: { name: 'korean', scoring: 'territory', superko: 'none', suicide: false, defaultKomi: 6.5 },
  chinese: { name: 'chinese', scoring: 'area', superko: 'positional', suicide: false, defaultKomi: 7.5 },
  aga: { name: 'aga', scoring: 'area', superko: 'situational', suicide: false, defaultKomi: 7.5 },
  'new-zealand': {
    name: 'new-zealand',
    scoring: 'area',
    superko: 'situational',
    suicide: true,
    defaultKomi: 7,
  },
  'tromp-taylor': {
    name: 'tromp-taylor',
    scoring: 'area',
    superko: 'positional',
    suicide: true,
    defaultKomi: 7.5,
  },
};

/** The rule set named `name` (case-insensitive; `nz` and `tt` accepted). Throws RangeError naming it. */
export function parseRules(name: string): Rules {
  const n = String(name).trim().toLowerCase().replace(/[ _]/g, '-');
  const alias: Record<string, RulesName> = {
    nz: 'new-zealand',
    tt: 'tromp-taylor',
    japan: 'japanese',
    china: 'chinese',
  };
  const key = (alias[n] ?? n) as RulesName;
  const rules = RULES[key];
  if (!rules)
    throw new RangeError(`rules: unknown rule set ${JSON.stringify(name)} (want ${RULE_NAMES.join(', ')})`);
  return rules;
}
