"""How edgeroute reads and relays Triton's gRPC messages (the messages themselves: proto, tritonclient's generated
modules). `fields` reads the few fields routing needs straight from the serialized bytes, so tensors are forwarded
without being decoded; `tensors` decodes a request's inputs where the edge must look at them; `stream` reads a
decoupled model's stream; `relay` is what a hop forwards (metadata, deadlines, edgeroute's headers)."""
