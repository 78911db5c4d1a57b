// The weather's values (quantities, forecasts, places, civil time, readings) are part of
// the kiosk's vocabulary: whoever imports KioskCore has them.
@_exported public import WeatherModel
