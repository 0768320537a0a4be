/** Bytes of an array element, by the text of its C type (qualifiers ignored), for reports. */
import { wordsRegExp } from '../model/identifiers.js';

const QUALIFIERS = wordsRegExp(['const', 'volatile', 'register'], 'g');

const ELEMENT_SIZES: Record<string, number> = {
  char: 1,
  'signed char': 1,
  'unsigned char': 1,
  int8_t: 1,
  uint8_t: 1,
  bool: 1,
  _Bool: 1,
  short: 2,
  'unsigned short': 2,
  int16_t: 2,
  uint16_t: 2,
  int: 4,
  unsigned: 4,
  'unsigned int': 4,
  float: 4,
  int32_t: 4,
  uint32_t: 4,
  long: 8,
  'unsigned long': 8,
  'long long': 8,
  'unsigned long long': 8,
  double: 8,
  int64_t: 8,
  uint64_t: 8,
  size_t: 8,
};
// Looked up in a Map: the key is the element type's text, maybe a typedef named `toString`.
const ELEMENT_BYTES = new Map(Object.entries(ELEMENT_SIZES));

/** Bytes of one element of this type (LP64), undefined for a type not listed. */
export function elementBytes(elementType: string): number | undefined {
  return ELEMENT_BYTES.get(elementType.replace(QUALIFIERS, '').trim());
}
