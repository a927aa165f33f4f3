/**
 * The File objects behind a step's file fields. The form data holds only the files' names (so the same
 * schema validates it); the store maps each name to its File so the multipart body can carry the bytes.
 */
export class FileStore {
  private readonly files = new Map<string, File>();
  add(file: File): void {
    this.files.set(file.name, file);
  }
  remove(name: string): void {
    this.files.delete(name);
  }
  get(name: string): File | undefined {
    return this.files.get(name);
  }
  has(name: string): boolean {
    return this.files.has(name);
  }
  clear(): void {
    this.files.clear();
  }
}

/** Upload progress per file name, 0 to 100, while a multipart call runs. */
export type UploadProgress = Record<string, number>;
