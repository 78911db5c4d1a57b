// Services and wiring.
import KioskCore
