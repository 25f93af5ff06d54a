/* The libraries opened on first use, numbered for symbols.h (plain numbers: the assembler reads them too). */
#define LIBRARY_FLUIDSYNTH 0
#define LIBRARY_SNDFILE 1
#define LIBRARY_ASOUND 2
#define LIBRARY_LEPTONICA 3
#define LIBRARY_CAIRO 4
#define LIBRARY_FONTCONFIG 5
#define LIBRARY_POPPLER 6
#define LIBRARY_GOBJECT 7
#define LIBRARY_GLIB 8
#define LIBRARY_TESSERACT 9
#define LIBRARY_COUNT 10
