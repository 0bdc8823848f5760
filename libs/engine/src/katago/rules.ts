import { RULES, type Rules, type RulesName } from '../board/rules';
import { KataGoFieldError } from './errors';
import type { WhiteHandicapBonusRule } from './handicap';

/** KataGo's rule facts (`Rules` in KataGo's rules.cpp); Tromp-Taylor where a key is absent. */
export interface KataGoRuleFacts {
  ko: 'SIMPLE' | 'POSITIONAL' | 'SITUATIONAL';
  scoring: 'AREA' | 'TERRITORY';
  tax: 'NONE' | 'SEKI' | 'ALL';
  suicide: boolean;
  hasButton: boolean;
  whiteHandicapBonus: WhiteHandicapBonusRule;
  friendlyPassOk: boolean;
  komi?: number;
}

/** The rules a query asked for, as the engine plays them, with what could not be matched. */
export interface ResolvedRules {
  readonly rules: Rules;
  /** Komi given inside a rules object or compact string, else KataGo's default for the rules. */
  readonly komi: number;
  /** Why the engine's rule set differs from the one asked for (empty when it matches). */
  readonly approximations: string[];
  /** What White gets per handicap stone (KataGo's rule; applied to the score by the KataGo answer). */
  readonly whiteHandicapBonus: WhiteHandicapBonusRule;
}

const TROMP_TAYLOR: KataGoRuleFacts = {
  ko: 'POSITIONAL',
  scoring: 'AREA',
  tax: 'NONE',
  suicide: true,
  hasButton: false,
  whiteHandicapBonus: '0',
  friendlyPassOk: false,
};

/**
 * KataGo's named rule sets (rules.cpp), the engine rule set each is played with, and White's
 * handicap bonus (N for the Chinese sets, N-1 for AGA, BGA and French, else 0).
 */
const NAMED: Record<string, { moyo: RulesName; note?: string; whb?: WhiteHandicapBonusRule }> = {
  'tromp-taylor': { moyo: 'tromp-taylor' },
  chinese: { moyo: 'chinese', note: 'simple ko is played with positional superko', whb: 'N' },
  'chinese-ogs': { moyo: 'chinese', whb: 'N' },
  'chinese-kgs': { moyo: 'chinese', whb: 'N' },
  japanese: { moyo: 'japanese' },
  korean: { moyo: 'korean' },
  'stone-scoring': { moyo: 'chinese', note: 'stone scoring is counted as area scoring' },
  aga: { moyo: 'aga', whb: 'N-1' },
  bga: { moyo: 'aga', whb: 'N-1' },
  french: { moyo: 'aga', whb: 'N-1' },
  'aga-button': { moyo: 'aga', note: 'the pass button is not counted', whb: 'N-1' },
  'new-zealand': { moyo: 'new-zealand' },
  nz: { moyo: 'new-zealand' },
  goe: { moyo: 'tromp-taylor' },
  ing: { moyo: 'tromp-taylor' },
};

/** KataGo's default komi: 7.5 under area scoring, 6.5 under territory scoring, 7 with the button. */
function defaultKomi(f: Pick<KataGoRuleFacts, 'scoring' | 'hasButton'>): number {
  if (f.hasButton) return 7;
  return f.scoring === 'AREA' ? 7.5 : 6.5;
}

/** KataGo's name spellings: any case, `-`, `_` or space between words (`New Zealand`, `stone_scoring`). */
function normalName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/**
 * Maps a KataGo rule set name (any spelling KataGo takes) to the engine's rule set; null when the
 * name is not one of KataGo's. `ing`, `goe`, `bga`, `french`, `chinese-ogs`, `nz` included.
 */
export function engineRulesForKataGoName(name: string): Rules | null {
  const named = NAMED[normalName(name)];
  return named ? RULES[named.moyo] : null;
}

/** The engine rule set nearest to KataGo rule facts, and what differs. */
function nearest(f: KataGoRuleFacts): { moyo: RulesName; notes: string[] } {
  const notes: string[] = [];
  let moyo: RulesName;
  if (f.scoring === 'TERRITORY') {
    moyo = 'japanese';
    if (f.ko !== 'SIMPLE') notes.push(`ko ${f.ko} is played as simple ko under territory scoring`);
    if (f.suicide) notes.push('suicide is not allowed under territory scoring');
  } else if (f.ko === 'SITUATIONAL') {
    moyo = f.suicide ? 'new-zealand' : 'aga';
  } else {
    moyo = f.suicide ? 'tromp-taylor' : 'chinese';
    if (f.ko === 'SIMPLE') notes.push('simple ko is played with positional superko');
  }
  if (f.tax === 'ALL' || (f.tax === 'SEKI' && f.scoring === 'AREA'))
    notes.push(`tax ${f.tax} is not applied`);
  if (f.hasButton) notes.push('the pass button is not counted');
  return { moyo, notes };
}

function choice<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  const v = typeof value === 'string' ? value.toUpperCase() : value;
  if (typeof v !== 'string' || !allowed.includes(v as T)) {
    throw new KataGoFieldError('rules', `${field}: must be one of ${allowed.join(', ')}`);
  }
  return v as T;
}

function bool(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new KataGoFieldError('rules', `${field}: Must be a boolean`);
  return value;
}

function komiValue(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value * 2)) {
    throw new KataGoFieldError('rules', 'komi: must be an integer or half-integer');
  }
  return value;
}

function factsFromObject(o: Record<string, unknown>): KataGoRuleFacts {
  const f: KataGoRuleFacts = { ...TROMP_TAYLOR };
  for (const [key, value] of Object.entries(o)) {
    switch (key) {
      case 'ko':
        f.ko = choice(key, value, ['SIMPLE', 'POSITIONAL', 'SITUATIONAL']);
        break;
      case 'scoring':
        f.scoring = choice(key, value, ['AREA', 'TERRITORY']);
        break;
      case 'tax':
        f.tax = choice(key, value, ['NONE', 'SEKI', 'ALL']);
        break;
      case 'suicide':
        f.suicide = bool(key, value);
        break;
      case 'hasButton':
        f.hasButton = bool(key, value);
        break;
      case 'friendlyPassOk':
        f.friendlyPassOk = bool(key, value);
        break;
      case 'whiteHandicapBonus':
        f.whiteHandicapBonus = choice(key, value, ['0', 'N', 'N-1']);
        break;
      case 'komi':
        f.komi = komiValue(value);
        break;
      default:
        throw new KataGoFieldError('rules', `Unknown rules field: ${key}`);
    }
  }
  return f;
}

/** KataGo's compact form, as written to SGF RU: `koSIMPLEscoreAREAtaxNONEsui0whbN` (+ button, fpok, komi). */
const COMPACT =
  /^ko(SIMPLE|POSITIONAL|SITUATIONAL)score(AREA|TERRITORY)tax(NONE|SEKI|ALL)(?:sui([01]))?(?:button([01]))?(?:whb(0|N|N-1))?(?:fpok([01]))?(?:komi(-?\d+(?:\.5|\.0)?))?$/i;

function factsFromCompact(s: string): KataGoRuleFacts | null {
  const m = COMPACT.exec(s.trim());
  if (!m) return null;
  const f: KataGoRuleFacts = {
    ...TROMP_TAYLOR,
    ko: m[1].toUpperCase() as KataGoRuleFacts['ko'],
    scoring: m[2].toUpperCase() as KataGoRuleFacts['scoring'],
    tax: m[3].toUpperCase() as KataGoRuleFacts['tax'],
    suicide: m[4] === '1',
    hasButton: m[5] === '1',
    friendlyPassOk: m[7] === '1',
  };
  if (m[6]) f.whiteHandicapBonus = m[6].toUpperCase() as KataGoRuleFacts['whiteHandicapBonus'];
  if (m[8] !== undefined) f.komi = Number(m[8]);
  return f;
}

function fromFacts(facts: KataGoRuleFacts): ResolvedRules {
  const { moyo, notes } = nearest(facts);
  return {
    rules: RULES[moyo],
    komi: facts.komi ?? defaultKomi(facts),
    approximations: notes,
    whiteHandicapBonus: facts.whiteHandicapBonus,
  };
}

/**
 * The query's `rules`: a KataGo rule set name (any case and spelling), KataGo's compact string, or
 * an object of rule facts (absent keys are Tromp-Taylor's, unknown keys an error). Throws
 * KataGoFieldError on `rules` for anything else.
 */
export function resolveKataGoRules(value: unknown): ResolvedRules {
  if (typeof value === 'string') {
    const name = normalName(value);
    const named = NAMED[name];
    if (named) {
      const rules = RULES[named.moyo];
      const komi = defaultKomi({
        scoring: rules.scoring === 'area' ? 'AREA' : 'TERRITORY',
        hasButton: name === 'aga-button',
      });
      return {
        rules,
        komi,
        approximations: named.note ? [named.note] : [],
        whiteHandicapBonus: named.whb ?? '0',
      };
    }
    const facts = factsFromCompact(value);
    if (!facts) throw new KataGoFieldError('rules', `Unknown rules '${value}'`);
    return fromFacts(facts);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return fromFacts(factsFromObject(value as Record<string, unknown>));
  }
  throw new KataGoFieldError('rules', 'Must be a string or an object');
}
