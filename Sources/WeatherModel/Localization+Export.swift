// The kiosk's languages travel with the weather's values: every module that reads a
// forecast (through KioskCore's export of this module) can name the language it speaks in.
@_exported public import Localization
