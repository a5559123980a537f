// The SDL2 headers pinmap uses: MapSDL imports this module, and so do apps that
// embed the map in a window of their own (the CSDL2 product).
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
