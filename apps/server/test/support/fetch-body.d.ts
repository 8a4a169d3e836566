/**
 * The DOM's name for what a fetch body may be, which the generated API client (test/api-client/,
 * scripts/generate-api-client.ts) uses; Node's own types have fetch but not this name.
 */
type BodyInit = NonNullable<ConstructorParameters<typeof Response>[0]>;
