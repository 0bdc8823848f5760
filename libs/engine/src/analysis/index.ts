/** The analysis registry: Position, AnalysisDefinition, ANALYSES and analyzePosition. */
export * from './types';
export * from './board-analysis';
export * from './chains-report';
export * from './registry';
