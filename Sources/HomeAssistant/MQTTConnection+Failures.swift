import CMosquitto
import Glibc
import KioskCore

extension MQTTConnection {
    /// One sentence for a failed attempt or a lost connection, by kind.
    func describe(_ result: Int32, errno code: Int32, wasConnected: Bool) -> MQTTFailure {
        let broker = settings.broker
        let refused = refusedCode()
        if let refused {
            let user = settings.username.map { "user \"\($0)\"" } ?? "an anonymous client"
            if refused == CMosquitto_connack_bad_credentials()
                || refused == CMosquitto_connack_bad_credentials_v5()
            {
                return MQTTFailure(
                    .credentials,
                    "The MQTT broker at \(broker) refused \(user): wrong user name or password; check mqtt.username and mqtt.password (or mqtt.password_file)."
                )
            }
            if refused == CMosquitto_connack_not_authorised()
                || refused == CMosquitto_connack_not_authorised_v5()
            {
                // mosquitto answers a wrong password with "not authorised".
                return MQTTFailure(
                    .notAuthorised,
                    "The MQTT broker at \(broker) did not accept \(user): the password is wrong or the broker does not allow this user; check mqtt.username and mqtt.password (or mqtt.password_file) against the broker's password file."
                )
            }
            return MQTTFailure(
                .other,
                "The MQTT broker at \(broker) refused the connection (\(String(cString: mosquitto_reason_string(refused))))."
            )
        }
        if result == MOSQ_ERR_EAI.rawValue {
            return MQTTFailure(
                .dns,
                "The MQTT broker's host \"\(broker.host)\" could not be found (DNS); check mqtt.url and the kiosk's network."
            )
        }
        if !wasConnected,
            result == MOSQ_ERR_ERRNO.rawValue || result == MOSQ_ERR_CONN_REFUSED.rawValue,
            code == ECONNREFUSED || code == EHOSTUNREACH || code == ENETUNREACH || code == ETIMEDOUT
        {
            return MQTTFailure(
                .refused,
                "The MQTT broker at \(broker) cannot be reached (\(String(cString: strerror(code)))); check mqtt.url and that the broker runs."
            )
        }
        if !wasConnected, !broker.tls,
            result == MOSQ_ERR_CONN_LOST.rawValue || code == ECONNRESET || code == EPIPE,
            let other = wrongProtocol()
        {
            return other
        }
        if result == MOSQ_ERR_TLS.rawValue || result == MOSQ_ERR_TLS_HANDSHAKE.rawValue
            || code == EPROTO || (broker.tls && !wasConnected)
        {
            if broker.tls, !wasConnected, let other = wrongProtocol() { return other }
            let trust = settings.caFile.map { "mqtt.ca_file \($0)" } ?? "the system's CA store"
            return MQTTFailure(
                .tls,
                "The MQTT broker at \(broker) failed TLS verification: its certificate is not signed by a CA in \(trust), or does not name \(broker.host); set mqtt.ca_file to the CA that signed it."
            )
        }
        if wasConnected {
            return MQTTFailure(
                .lost,
                "The connection to the MQTT broker at \(broker) was lost; reconnecting."
            )
        }
        let why =
            result == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(code)) : Self.text(result)
        return MQTTFailure(
            .other, "Could not connect to the MQTT broker at \(broker) (\(why)); check mqtt.url.")
    }
}
