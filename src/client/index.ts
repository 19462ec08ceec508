// The service client's public surface, for code that prefers one import. Importing this loads no
// undici: that happens on the first call.
export { GistClient, type GistClientOptions } from './gistClient';
export { GistError, isGistError, type GistErrorDetails, type GistErrorKind, type GistRemedy } from './errors';
export type { ConnectionSettings, GenerateRequest, GenerationResult, GistUser } from './types';
export { validateApiKey, validateHeaderName, type ApiKeyResult, type HeaderNameResult } from './apiKey';
export { validateBaseUrl, isLoopbackHost, meUrl, generateUrl, type BaseUrlResult } from './urls';
export { parseMe, parseGeneration, parseEnvelope, errorFromResponse, type ResponseHeaders } from './envelope';
export { errorFromFailure } from './failureErrors';
export { describeError } from './describe';
export { proxyDispatcherFactory, validateProxyUrl, type ProxySettings, type ProxyUrlResult } from './proxy';
