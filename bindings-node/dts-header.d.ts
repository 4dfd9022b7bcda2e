/* The header of the generated declarations (napi: index.d.ts, package.json napi.dtsHeaderFile;
 * WASM: mcpwire_wasm.d.ts, the TypeScript custom section in bindings-wasm/src/lib.rs):
 * bindings-node/dts-header.d.ts. */
/* eslint-disable */
import type {
  CallSent,
  CallToolResult,
  Classification,
  ClientIncoming,
  ClientOptions,
  ClientTimerEvent,
  ErrorKindInfo,
  ErrorKindName,
  JSONObject,
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCResultResponse,
  JSONValue,
  ListToolsResult,
  OutputCheck,
  Page,
  ProgressToken,
  ProtocolVersion,
  RequestId,
  SchemaOptions,
  SchemaValidationError,
  Sent,
  ServerIncoming,
  ServerOptions,
} from './types.js'

