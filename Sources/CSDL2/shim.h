// The SDL2 headers pinmap uses; only MapSDL imports this module.
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
