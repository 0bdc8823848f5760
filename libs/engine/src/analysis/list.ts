/**
 * The analysis registry list: every `AnalysisDefinition` exported from this module is registered
 * (see `registry.ts`). To add analyses, add ONE line here:
 *   export { myAnalysis, myOtherAnalysis } from '../my-concept/analysis';
 */
export { boardAnalysis } from './board-analysis';
export { bouzyAnalysis, freihofnerAnalysis } from '../influence/analysis';
export {
  influenceFieldAnalysis,
  territoryAnalysis,
  deadStonesAnalysis,
  scoreAnalysis,
  moveValuesAnalysis,
} from '../territory/analysis';
export { katagoAnalysis } from '../katago/analysis';
