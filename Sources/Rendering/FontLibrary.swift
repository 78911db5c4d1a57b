import CCairo

/// The faces pages are set in.
public enum FontStyle: Sendable, Hashable, CaseIterable {
    /// DejaVu Sans.
    case regular
    /// DejaVu Sans Bold: big numbers and titles.
    case bold
    /// DejaVu Sans Mono: commands to type.
    case mono

    /// The file in `FontLibrary.directory`.
    var fileName: String {
        switch self {
        case .regular: "DejaVuSans.ttf"
        case .bold: "DejaVuSans-Bold.ttf"
        case .mono: "DejaVuSansMono.ttf"
        }
    }
}

/// A Cairo font face made from a font file.
///
/// `@unchecked Sendable`: the face is created once, never changed and never freed (it lives
/// as long as the process). Cairo's reference counts are atomic, and Cairo takes its own
/// lock on the FreeType face whenever it uses it, so renderers on several threads may share
/// it. Each face has a FreeType library of its own, so no two faces share FreeType state.
final class FontFace: @unchecked Sendable {
    let face: OpaquePointer

    private init(face: OpaquePointer) { self.face = face }

    /// Loads `path` through FreeType.
    /// - Throws: `RenderingError` naming the file when it cannot be loaded.
    static func load(_ path: String) throws(RenderingError) -> FontFace {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RenderingError(
                "Cannot start FreeType to load \(path); is libfreetype6 installed?")
        }
        var ftFace: FT_Face?
        let status = FT_New_Face(library, path, 0, &ftFace)
        guard status == 0, let ftFace else {
            FT_Done_FreeType(library)
            throw RenderingError(
                "Cannot load the font \(path) (FreeType error \(status)); install the package "
                    + "fonts-dejavu-core (deploy/install-deps.sh does).")
        }
        guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, 0),
            cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS
        else {
            throw RenderingError("Cannot use the font \(path) with Cairo: out of memory.")
        }
        return FontFace(face: face)
    }
}

/// The DejaVu faces, loaded once per process from `fonts-dejavu-core`.
final class FontLibrary: Sendable {
    /// Where Debian's `fonts-dejavu-core` puts the files.
    static let directory = "/usr/share/fonts/truetype/dejavu"

    let regular: FontFace
    let bold: FontFace
    let mono: FontFace

    private init(directory: String) throws(RenderingError) {
        regular = try FontFace.load("\(directory)/\(FontStyle.regular.fileName)")
        bold = try FontFace.load("\(directory)/\(FontStyle.bold.fileName)")
        mono = try FontFace.load("\(directory)/\(FontStyle.mono.fileName)")
    }

    /// The face for a style.
    func face(_ style: FontStyle) -> FontFace {
        switch style {
        case .regular: regular
        case .bold: bold
        case .mono: mono
        }
    }

    /// The process's fonts, or why they could not be loaded.
    static let shared: Result<FontLibrary, RenderingError> = Result { () throws(RenderingError) in
        try FontLibrary(directory: directory)
    }
}
