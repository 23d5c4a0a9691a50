/** The order language's public face: reading orders as players write them, and writing them canonically. */
export { formatOrder, formatUnit } from './format.js';
export { parseOrder, type ParseResult } from './parse.js';
export { OrderReader, readOrder, refusal, type OrderReaderContext, type ReadOrderResult } from './read.js';
export type * from './types.js';
