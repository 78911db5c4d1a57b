import FoundationEssentials
public import KioskCore

extension KioskEngine {
    /// What the current slide shows now: the model the display worker is given to draw.
    public func currentPageModel() -> PageModel {
        pageModel(at: parts.time.now())
    }

    /// What the current slide shows, from the reducer's state.
    func pageModel(at now: KioskTime) -> PageModel {
        state.pageModel(configuration: configuration, host: parts.host, at: now)
    }
}
