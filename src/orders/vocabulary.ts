import type { GameMap } from '../map/game-map.js';
import { lex, type Token } from './lexer.js';
import { withoutFullStops } from './places.js';
import { keyword, ORDER_WORDS, VIA_WORDS, type Keyword } from './words.js';

/** What one word of an order may be on a map: an order word, the first word of place names, or both. */
export interface WordSense {
  readonly meaning: Keyword | null;
  /** How many tokens the longest name starting with this word spans; 0 when no name starts with it. */
  readonly longestName: number;
  /** VIA or BY, which before CONVOY ask for a convoyed move. */
  readonly via: boolean;
  /** The second tokens of the names of two tokens or more that start with this word. */
  readonly secondWords: ReadonlySet<string> | null;
  /** The locations the word alone names, when it is a one-word name or alias of a place. */
  readonly places: readonly string[] | null;
}

/**
 * The words of orders on one map, each with its sense, made once per map: reading a word is one
 * hash look-up, which also finds the places the word alone names. Most words of an order start no place name at all (`A`, `S`, `HOLD`) and need no
 * place look-up; a word that does is tried only as long as its names go (`Spain (north coast)` is
 * five tokens). Words outside the table (misspellings, a place with a full stop after it) are
 * worked out when met and not kept, so players' text cannot grow it.
 */
export class Vocabulary {
  private static readonly cache = new WeakMap<GameMap, Vocabulary>();
  private readonly senses = new Map<string, WordSense>();
  private readonly nameSpans = new Map<string, number>();
  private readonly secondWords = new Map<string, Set<string>>();

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
      const second = lexed.tokens[1]?.text;
      if (second === undefined) continue;
      const seconds = this.secondWords.get(first);
      if (seconds) seconds.add(second);
      else this.secondWords.set(first, new Set([second]));
    }
    for (const word of [...this.nameSpans.keys(), ...ORDER_WORDS]) this.senses.set(word, this.worked(word));
  }

  sense(word: string): WordSense {
    return this.senses.get(word) ?? this.worked(word);
  }

  /**
   * How many tokens a place name starting at `index` (whose word has this sense) may span: one when
   * the next token is not the second token of any of its names. The name is looked up by its text
   * with `+` and white space alike, and a full stop at its end left off, so a `+` or a second word
   * with full stops after it may still continue one.
   */
  nameSpanAt(sense: WordSense, tokens: readonly Token[], index: number): number {
    if (sense.longestName < 2) return sense.longestName;
    const next = tokens[index + 1];
    if (next === undefined) return 1;
    const seconds = sense.secondWords;
    const continues =
      next.kind === 'plus' || (seconds !== null && (seconds.has(next.text) || (next.text.endsWith('.') && seconds.has(withoutFullStops(next.text)))));
    return continues ? sense.longestName : 1;
  }

  private worked(word: string): WordSense {
    // A place written with a full stop after it (`PAR.`) is looked up without it.
    const dotted = word.endsWith('.');
    const longestName = this.nameSpans.get(word) ?? (dotted ? (this.nameSpans.get(withoutFullStops(word)) ?? 0) : 0);
    const secondWords = this.secondWords.get(word) ?? (dotted ? this.secondWords.get(withoutFullStops(word)) : undefined) ?? null;
    // A single word is its own alias key already (upper case, no spaces).
    const aliases = this.map.data.aliases;
    const places = (aliases.get(word) ?? (dotted ? aliases.get(withoutFullStops(word)) : undefined))?.locations ?? null;
    return { meaning: keyword(word), longestName, via: VIA_WORDS.has(word), secondWords, places };
  }
}
