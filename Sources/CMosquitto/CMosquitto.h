// libmosquitto as the system provides it (Debian's libmosquitto-dev, 2.0.x):
// the client API and the MQTT v5 reason codes and property identifiers.
#include <mosquitto.h>
#include <mqtt_protocol.h>
