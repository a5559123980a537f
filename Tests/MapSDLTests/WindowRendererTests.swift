import Testing
@testable import MapSDL

/// Which GLs `auto` treats as drawn by the CPU.
struct WindowRendererTests {
    @Test func softwareGLsAreKnownByTheirRendererString() {
        #expect(WindowRenderer.isSoftwareGL("llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(WindowRenderer.isSoftwareGL("Gallium 0.4 on softpipe"))
        #expect(WindowRenderer.isSoftwareGL("Mesa X11 swrast"))
        #expect(WindowRenderer.isSoftwareGL("Software Rasterizer"))
        #expect(!WindowRenderer.isSoftwareGL("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        #expect(!WindowRenderer.isSoftwareGL("NVIDIA GeForce RTX 3060/PCIe/SSE2"))
        #expect(!WindowRenderer.isSoftwareGL("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49)"))
    }
}
