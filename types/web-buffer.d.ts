// Transitional, web project only. shared/contracts/files.ts types an upload's content as Node's
// `Buffer`, which the browser build has no declaration for (and shared/ must compile in both).
// Delete this file once that schema says `Uint8Array` (Buffer is a subclass of it).
type Buffer = Uint8Array;
