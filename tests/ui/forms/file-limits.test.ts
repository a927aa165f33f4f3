import { formatBytes } from '../../../src/ui/forms/widgets/file-limits';

describe('a file size as the upload field writes it', () => {
  it('in bytes under a kilobyte (a 24-byte file is not "1 KB"), kilobytes rounded up, megabytes to one decimal', () => {
    expect([1, 24, 1023, 1024, 1025, 1048576, 1572864].map(formatBytes)).toEqual(['1 byte', '24 bytes', '1023 bytes', '1 KB', '2 KB', '1 MB', '1.5 MB']);
  });
});
