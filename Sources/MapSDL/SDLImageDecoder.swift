import Foundation
import MapEngine
import MapKitLayer

/// The tile store's image decoder on SDL_image (PNG, JPEG, WebP and the
/// rest it reads), shrinking an image larger than asked to fit.
struct SDLImageDecoder: TileImageDecoding {
    func decode(_ bytes: Data, name: String, largestSide: Int) throws(TileBackendError) -> TilePixels {
        do {
            let surface = try Surface.decode(bytes, name: name).fitting(side: largestSide)
            guard let pixels = TilePixels(width: surface.width, height: surface.height, argb: surface.argbPixels(),
                                          isOpaque: surface.isOpaque) else {
                throw TileBackendError("an image of \(surface.width)x\(surface.height) pixels is not a tile")
            }
            return pixels
        } catch let error as SDLError {
            throw TileBackendError(error.reason)
        } catch let error as TileBackendError {
            throw error
        } catch {
            throw TileBackendError("\(error)")
        }
    }
}
