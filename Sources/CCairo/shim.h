// Cairo and the FreeType parts of it that Rendering uses. Fonts are loaded from their files
// through FreeType (cairo-ft), not looked up through fontconfig: the kiosk draws with
// DejaVu and nothing else, and says so when the files are missing.
#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H

#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo-ft.h>

#endif
