/** Whether untrusted data is a JSON object (not null, not an array), so its fields can be read as `unknown`. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
