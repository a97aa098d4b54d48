// East Asian character classes (Unicode's UAX #11 East_Asian_Width, by block), shared by the
// charts (how wide a label is drawn) and the Markdown stage (line breaks in CJK text).
#pragma once

namespace gpuguide::text {

/// Whether `c` is East Asian Wide or Fullwidth: CJK ideographs, kana, hangul, bopomofo, Yi and
/// the full-width forms and punctuation (whole blocks, so a few unassigned or neutral code points
/// of those blocks count too).
bool is_east_asian_wide(char32_t c);

/// Whether `c` is East Asian Halfwidth: the half-width CJK punctuation, katakana and hangul, and
/// the half-width symbols (U+FF61-U+FFDC, U+FFE8-U+FFEE).
bool is_east_asian_halfwidth(char32_t c);

/// Whether `c` is East Asian punctuation: CJK symbols and punctuation (U+3000-U+303F, `、。「」`),
/// the vertical, compatibility and small forms, and the full-width and half-width forms'
/// punctuation (`，：（）！？`). Its glyph carries its own spacing, so no space goes beside it.
bool is_east_asian_punctuation(char32_t c);

/// Whether `c` is Hangul: jamo, compatibility jamo, syllables and their half-width forms.
bool is_hangul(char32_t c);

} // namespace gpuguide::text
