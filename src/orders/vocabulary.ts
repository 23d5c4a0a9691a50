import type { GameMap } from '../map/game-map.js';
import { lex } from './lexer.js';
import { keyword, ORDER_WORDS, VIA_WORDS, type Keyword } from './words.js';

/** What one word of an order may be on a map: an order word, the first word of place names, or both. */
export interface WordSense {
  readonly meaning: Keyword | null;
  /** How many tokens the longest name starting with this word spans; 0 when no name starts with it. */
  readonly longestName: number;
  /** VIA or BY, which before CONVOY ask for a convoyed move. */
  readonly via: boolean;
}

/**
 * The words of orders on one map, each with its sense, made once per map: reading a word is one
 * hash look-up. Most words of an order start no place name at all (`A`, `S`, `HOLD`) and need no
 * place look-up; a word that does is tried only as long as its names go (`Spain (north coast)` is
 * five tokens). Words outside the table (misspellings, a place with a full stop after it) are
 * worked out when met and not kept, so players' text cannot grow it.
 */
export class Vocabulary {
  private static readonly cache = new WeakMap<GameMap, Vocabulary>();
  private readonly senses = new Map<string, WordSense>();
  private readonly nameSpans = new Map<string, number>();

  static of(map: GameMap): Vocabulary {
    let vocabulary = Vocabulary.cache.get(map);
    if (vocabulary === undefined) {
      vocabulary = new Vocabulary(map);
      Vocabulary.cache.set(map, vocabulary);
    }
    return vocabulary;
  }

  private constructor(readonly map: GameMap) {
    for (const name of map.data.aliases.keys()) {
      const lexed = lex(name);
      if (!lexed.ok || lexed.tokens.length === 0) continue;
      const first = lexed.tokens[0]!.text;
      this.nameSpans.set(first, Math.max(this.nameSpans.get(first) ?? 0, lexed.tokens.length));
    }
    for (const word of [...this.nameSpans.keys(), ...ORDER_WORDS]) this.senses.set(word, this.worked(word));
  }

  sense(word: string): WordSense {
    return this.senses.get(word) ?? this.worked(word);
  }

  private worked(word: string): WordSense {
    // A place written with a full stop after it (`PAR.`) is looked up without it.
    const longestName = this.nameSpans.get(word) ?? (word.endsWith('.') ? (this.nameSpans.get(word.replace(/\.+$/, '')) ?? 0) : 0);
    return { meaning: keyword(word), longestName, via: VIA_WORDS.has(word) };
  }
}

