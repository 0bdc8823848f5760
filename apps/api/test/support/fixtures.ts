/** Request fixtures more than one api suite sends. */

// KataGo's documented example query (docs/Analysis_Engine.md), unchanged.
export const EXAMPLE = {
  id: 'foo',
  initialStones: [
    ['B', 'Q4'],
    ['B', 'C4'],
  ],
  moves: [
    ['W', 'P5'],
    ['B', 'P6'],
  ],
  rules: 'tromp-taylor',
  komi: 7.5,
  boardXSize: 19,
  boardYSize: 19,
  analyzeTurns: [0, 1, 2],
};

/** Fields of the api's request bodies (positions, eye graphs, webhooks), for the fuzz suites. */
export const REQUEST_FIELDS = [
  'moves',
  'initialStones',
  'boardXSize',
  'boardYSize',
  'komi',
  'rules',
  'initialPlayer',
  'analyzeTurns',
  'sgf',
  'moveNumber',
  'analyses',
  'analysisOptions',
  'webhookUrl',
  'graph',
  'outerLiberties',
  'koThreats',
  'url',
  'events',
];
