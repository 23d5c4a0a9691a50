/**
 * nJudge does not read power names from map files: its source has, per variant, which power name
 * goes with which letter. This is that knowledge for the variants nJudge ships, and the
 * power-name/adjective pairs of the map-file how-to's appendix.
 */

export interface PowerName {
  letter: string;
  name: string;
}

const SEVEN = 'A Austria, E England, F France, G Germany, I Italy, R Russia, T Turkey';
const COLONIAL = 'B Britain, C China, F France, H Holland, J Japan, R Russia, T Turkey';
const CROWDED = `${SEVEN}, B Balkan, L Lowland, N Norway, S Spain`;
const HUNDRED = 'B Burgundy, E England, F France';
const MACHIAVELLI = 'A Austria, F France, L Florence, I Milan, N Naples, P Papacy, T Turkey, V Venice';
const STRUGGLE_1 = 'A Austria, F France, L Florence, P Papacy, T Turkey, V Venice';
const STRUGGLE_2 = 'A Austria, F France, I Milan, N Naples, P Papacy, T Turkey, V Venice';
const SPANISH = 'A Austria, F France, L Florence, N Naples, P Papacy, T Turkey, V Venice';
const EXPANSION = 'L Florence, I Milan, N Naples, V Venice';
const SAILHO = 'N North, S South, E East, W West';
const CHAOS_CENTERS = 'Ank Bel Ber Bre Bud Bul Con Den Edi Gre Hol Kie Lvp Lon Mar Mos Mun Nap Nor Par Por Rom Rum Ser Sev Smy Spa StP Swe Tri Tun Ven Vie War';
const CHAOS_LETTERS = 'ABCDEFGHIJKLNPQRSTUVWXYZ0123456789';

/** Each of chaos's 34 powers is named after its one home center, with its letter in front: `C-Ber`. */
const CHAOS = CHAOS_CENTERS.split(' ')
  .map((center, index) => `${CHAOS_LETTERS[index]} ${CHAOS_LETTERS[index]}-${center}`)
  .join(', ');

const CASTS: Record<string, string> = {
  standard: SEVEN,
  pure: SEVEN,
  britain: SEVEN,
  '1898': SEVEN,
  fleet_rome: SEVEN,
  shift_left: SEVEN,
  shift_right: SEVEN,
  shift_around: SEVEN,
  wraparound: SEVEN,
  wraparound2: SEVEN,
  milan: SEVEN,
  layered: SEVEN,
  dipmach: SEVEN,
  youngstown: `${SEVEN}, C China, N India, J Japan`,
  loeb9: `${SEVEN}, N Norway, S Spain`,
  crowded: CROWDED,
  crowded_1898: CROWDED,
  chaos: CHAOS,
  rootz:
    'A Austria1, 1 Austria2, E England1, 2 England2, F France1, 3 France2, G Germany1, 4 Germany2, ' +
    'I Italy1, 5 Italy2, R Russia1, 6 Russia2, T Turkey1, 7 Turkey2',
  aberration: 'B Burgundy, Z Byzantium, E Eire, H Hungary, I Israel, P Poland, C Sicily, S Spain, U Ukraine',
  chromatic: 'Y Yellow, D Dark, L Light, R Red, B Blue',
  asia: 'C China, N India, I Indonesia, J Japan, P Persia, R Russia, S Siberia',
  modern: 'B Britain, E Egypt, F France, G Germany, I Italy, P Poland, R Russia, S Spain, T Turkey, U Ukraine',
  colonial: COLONIAL,
  colonial96: COLONIAL,
  h31: HUNDRED,
  h32: HUNDRED,
  hundred: HUNDRED,
  hundred3: HUNDRED,
  classical: 'A Macedon, C Carthage, E Egypt, R Rome, S Syria',
  empire: 'B BC, C California, F Florida, H Heartland, N NewYork, P Peru, Q Quebec, T Texas, U Cuba, X Mexico',
  sailho: SAILHO,
  sailho_crowded: `${SAILHO}, C Cyprus, D Dissentos`,
  ancient_med: 'C Carthage, E Egypt, G Greece, P Persia, R Rome',
  minorpower: `${SEVEN}, B Belgium, L Bulgaria, D Denmark, C Greece, H Holland, Y Norway, P Portugal, ` + 'U Rumania, S Serbia, N Spain, W Sweden, X Tunis',
  machiavelli: MACHIAVELLI,
  machiavelli2: MACHIAVELLI,
  machfive: '1 First, 2 Second, 3 Third, 4 Fourth, 5 Fifth',
  mach_eos: EXPANSION,
  mach_este: `E Este, ${EXPANSION}`,
  mach_sfd1: STRUGGLE_1,
  mach2_sfd1: STRUGGLE_1,
  mach_sfd2: STRUGGLE_2,
  mach2_sfd2: STRUGGLE_2,
  mach_span: SPANISH,
  mach2_span: SPANISH,
  mach_aoc: 'A Scaligeri, G Genoa, I Milan, L Florence, N Naples, P Pisa, R Provence, S Savoy, T Trinacria, V Venice',
  mach_aoc2: 'A Scaligeri, G Genoa, I Milan, L Florence, N Naples, P Papacy, R Provence, S Pisa, T Trinacria, V Venice',
  mach2_fotl: 'B Byzantium, F France, L Lombardy, P Papacy',
  mach2_eai: 'B Byzantium, E Empire, L Lombardy, N Norman, P Papacy, S Pisa, T Turkey, V Venice',
  mach2_pamt: 'E Empire, G Mongols, I Milan, P Papacy, V Venice',
  mach2_pa: 'E Empire, I Milan, P Papacy, V Venice',
  mach2_ttr: 'A Aragon, G Genoa, I Milan, L Florence, N Naples, P Papacy, V Venice',
};

/** The appendix's pairs where the adjective is not the name itself. */
const ADJECTIVES: Record<string, string> = Object.fromEntries(
  (
    'Aragon Aragonese|Austria Austrian|BC British Columbian|Belgium Belgian|Britain British|' +
    'Bulgaria Bulgarian|Burgundy Burgundian|Byzantium Byzantine|California Californian|' +
    'Carthage Carthaginian|China Chinese|Cuba Cuban|Cyprus Cypriotic|Denmark Danish|Egypt Egyptian|' +
    'Eire Irish|Empire Imperial|England English|Este Estensian|Ethiopia Ethiopian|Florence Florentine|' +
    'Florida Floridian|France French|Genoa Genoese|Germany German|Greece Greek|Holland Dutch|' +
    'Hungary Hungarian|India Indian|Indonesia Indonesian|Israel Israelite|Italy Italian|' +
    'Ivory-Coast Ivory-Coastish|Japan Japanese|Libya Libyan|Lombardy Lombard|Macedon Macedonian|' +
    'Mexico Mexican|Milan Milanese|Mongols Mongol|Naples Neapolitan|NewYork New Yorker|' +
    'Norway Norwegian|Papacy Papal|Persia Persian|Peru Peruvian|Pisa Pisan|Poland Polish|' +
    'Portugal Portuguese|Provence Provencal|Quebec Quebecois|Rome Roman|Rumania Rumanian|' +
    'Russia Russian|Saudi-Arabia Saudi-Arabian|Savoy Sabaud|Scaligeri Scaligerian|Serbia Serbian|' +
    'Siberia Siberian|Sicily Sicilian|South-Africa South-African|Spain Spanish|Sweden Swedish|' +
    'Syria Syrian|Texas Texan|Trinacria Trinacrian|Tunis Tunisian|Turkey Turkish|Ukraine Ukranian|' +
    'Venice Venetian|Zaire Zairean|North Northern|South Southern|East Eastern|West Western|' +
    'Heartland Heartlander|Lowland Lowlander'
  )
    .split('|')
    .map((pair) => {
      const space = pair.indexOf(' ');
      return [pair.slice(0, space), pair.slice(space + 1)];
    }),
);

/** Names nJudge keeps for itself; a variant's powers never carry them. */
export const RESERVED_POWER_NAMES = new Set(['neutral', 'autonomous', 'observer', 'master']);

/** The powers of a variant nJudge ships, in its order, or null for a variant it does not know. */
export function knownPowers(variant: string): PowerName[] | null {
  const cast = CASTS[variant.toLowerCase()];
  if (cast === undefined) return null;
  return cast.split(', ').map((entry) => ({ letter: entry[0]!, name: entry.slice(2) }));
}

/** `Austria` → `Austrian`; `Austria1` → `1Austrian` (rootz); a name without a known adjective is its own. */
export function adjectiveOf(name: string): string {
  const numbered = /^(.*\D)(\d)$/.exec(name);
  if (numbered && ADJECTIVES[numbered[1]!]) return `${numbered[2]}${ADJECTIVES[numbered[1]!]}`;
  return ADJECTIVES[name] ?? name;
}
