// The part of Pango, PangoCairo, GLib and fontconfig that pinmap calls:
// shaping (HarfBuzz), bidi (FriBidi), font matching and fallback
// (fontconfig) and Unicode line breaks.
//
// Pango's own headers need GLib's include folders, which only pkg-config
// knows, and pangocairo.pc's flags carry -pthread, which SwiftPM refuses
// with a warning on every build. So the functions are declared here, as
// pango-1.0 (1.44 and later), glib-2.0 and fontconfig export them; the two
// structures read field by field (PangoRectangle, PangoLogAttr) are laid out
// as in pango-types.h and pango-break.h. Objects are opaque pointers.
#pragma once
#include <stdint.h>
#include <cairo/cairo.h>
#include <fontconfig/fontconfig.h>

typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutLine PangoLayoutLine;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFcFontMap PangoFcFontMap;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoLanguage PangoLanguage;

typedef struct {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

typedef struct {
    unsigned int is_line_break : 1;
    unsigned int is_mandatory_break : 1;
    unsigned int is_char_break : 1;
    unsigned int is_white : 1;
    unsigned int is_cursor_position : 1;
    unsigned int is_word_start : 1;
    unsigned int is_word_end : 1;
    unsigned int is_sentence_boundary : 1;
    unsigned int is_sentence_start : 1;
    unsigned int is_sentence_end : 1;
    unsigned int backspace_deletes_character : 1;
    unsigned int is_expandable_space : 1;
    unsigned int is_word_boundary : 1;
    unsigned int break_inserts_hyphen : 1;
    unsigned int break_removes_preceding : 1;
    unsigned int reserved : 17;
} PangoLogAttr;

/// Pango units per pixel.
static const int PINMAP_PANGO_SCALE = 1024;
/// PangoStyle's upright and italic values.
static const int PINMAP_PANGO_STYLE_NORMAL = 0;
static const int PINMAP_PANGO_STYLE_ITALIC = 2;

// GLib
void g_object_unref(void *object);
void g_free(void *memory);
int g_unichar_get_script(uint32_t character);
uint32_t g_unicode_script_to_iso15924(int script);

// Pango
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
PangoLanguage *pango_language_from_string(const char *language);
PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *description);
void pango_layout_get_pixel_extents(PangoLayout *layout, PangoRectangle *ink, PangoRectangle *logical);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
const PangoLogAttr *pango_layout_get_log_attrs_readonly(PangoLayout *layout, int *count);
PangoLayoutLine *pango_layout_get_line_readonly(PangoLayout *layout, int line);
void pango_layout_line_get_x_ranges(PangoLayoutLine *line, int start_index, int end_index, int **ranges, int *count);
int pango_layout_get_baseline(PangoLayout *layout);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *description);
void pango_font_description_set_family(PangoFontDescription *description, const char *family);
void pango_font_description_set_weight(PangoFontDescription *description, int weight);
void pango_font_description_set_style(PangoFontDescription *description, int style);
void pango_font_description_set_absolute_size(PangoFontDescription *description, double size);
void pango_fc_font_map_set_config(PangoFcFontMap *fontmap, FcConfig *config);

// PangoCairo
PangoFontMap *pango_cairo_font_map_new_for_font_type(cairo_font_type_t type);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
void pango_cairo_show_layout(cairo_t *cairo, PangoLayout *layout);
void pango_cairo_layout_path(cairo_t *cairo, PangoLayout *layout);
