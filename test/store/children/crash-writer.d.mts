import type { GameStatus } from '../../../src/status/model.js';

export function versionOf(game: GameStatus, k: number): GameStatus;
export function versionNumberOf(deadline: string): number;
