#include <poppler.h>
#include <cairo/cairo.h>
