#include <stdio.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>
static void show(const char *loc, UNumberFormatStyle style, double v, int frac, const char *cur) {
  UErrorCode e = U_ZERO_ERROR;
  UNumberFormat *f = unum_open(style, NULL, 0, loc, NULL, &e);
  if (frac >= 0) { unum_setAttribute(f, UNUM_MIN_FRACTION_DIGITS, frac); unum_setAttribute(f, UNUM_MAX_FRACTION_DIGITS, frac); }
  if (cur) { UChar c[4]; u_uastrcpy(c, cur); unum_setTextAttribute(f, UNUM_CURRENCY_CODE, c, 3, &e); }
  UChar out[128]; int32_t n = unum_formatDouble(f, v, out, 128, NULL, &e);
  char u8[512]; int32_t m; u_strToUTF8(u8, 512, &m, out, n, &e);
  printf("%s|%d|%g|%d|%s|%s|", loc, style, v, frac, cur?cur:"", u_errorName(e));
  for (int i=0;i<n;i++) printf("\\u{%04X}", out[i]); printf("|%s\n", u8);
  unum_close(f);
}
int main() {
  const char *locs[] = {"ar","ar_SA","fa","he","ur","ckb"};
  const char *curs[] = {"SAR","SAR","IRR","ILS","PKR","IQD"};
  for (int i=0;i<6;i++) {
    show(locs[i], UNUM_DECIMAL, 1249.5, 2, NULL);
    show(locs[i], UNUM_DECIMAL, 1000000, 0, NULL);
    show(locs[i], UNUM_PERCENT, 0.42, -1, NULL);
    show(locs[i], UNUM_CURRENCY, 1249.5, -1, curs[i]);
  }
}
