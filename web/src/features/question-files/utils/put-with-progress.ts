/** Upload progress as the browser reports it: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export class UploadAbortedError extends Error {
  constructor() {
    super('upload aborted');
    this.name = 'UploadAbortedError';
  }
}

/** The storage service refused the PUT (expired URL, too large, network). */
export class UploadFailedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`upload failed with status ${status}`);
    this.name = 'UploadFailedError';
    this.status = status;
  }
}

export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/**
 * PUTs a file to a presigned URL with XMLHttpRequest, because fetch has no upload progress
 * events. No cookies or CSRF header: the URL itself is the credential.
 */
export function putWithProgress(
  url: string,
  file: Blob,
  options: { headers?: Record<string, string>; onProgress?(progress: UploadProgress): void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      options.onProgress?.({ loaded: event.loaded, total, percent: percentOf(event.loaded, total) });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        resolve();
      } else {
        reject(new UploadFailedError(xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadFailedError(0));
    xhr.onabort = () => reject(new UploadAbortedError());
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new UploadAbortedError());
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
