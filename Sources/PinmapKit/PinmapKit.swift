// One import for apps: the core (annotations, overlays, camera), the SDL
// window and embeddable view, the tile sources, the Cairo painters and the
// embedded resources.
@_exported import MapEngine
@_exported import MapKitLayer
@_exported import MapSDL
@_exported import PinmapResources
@_exported import TileSources
@_exported import VectorRaster
