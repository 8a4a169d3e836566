/**
 * Names in the six scripts every PDF must print as typed (ADR 0050): right-to-left, CJK, Hangul,
 * Devanagari with its conjuncts, emoji with a zero-width joiner, and Latin with stacked diacritics.
 */
export const SIX_SCRIPT_NAMES = {
  arabic: 'محمد الأحمد',
  chinese: '王秀英',
  korean: '김민준',
  hindi: 'अर्जुन शर्मा',
  emoji: 'Mia 👷‍♀️🦺',
  vietnamese: 'Nguyễn Thị Ánh',
};
