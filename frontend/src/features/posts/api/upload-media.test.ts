import { ApiError, NetworkError } from '../../../lib/api-client';
import { makeMedia } from '../../../test/fixtures';
import { installFakeXhr } from '../../../test/fake-xhr';
import { uploadMedia } from './upload-media';

describe('uploadMedia', () => {
  it('sends the file as multipart `file` with the bearer token and reports progress', async () => {
    localStorage.setItem('gundem_token', 'tok-test');
    const { requests } = installFakeXhr();
    const file = new File(['png'], 'kedi.png', { type: 'image/png' });
    const progress: number[] = [];
    const upload = uploadMedia(file, (fraction) => progress.push(fraction));

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/media');
    expect(request.headers.Authorization).toBe('Bearer tok-test');
    expect((request.body as FormData).get('file')).toBe(file);

    request.progress(25, 100);
    request.progress(100, 100);
    expect(progress).toEqual([0.25, 1]);

    const media = makeMedia({ id: 'm1' });
    request.respond(201, media);
    await expect(upload.done).resolves.toEqual(media);
  });

  it("rejects with the server's Turkish message (413) and with a NetworkError without an answer", async () => {
    const { requests } = installFakeXhr();
    const file = new File(['x'], 'buyuk.png', { type: 'image/png' });
    const tooLarge = uploadMedia(file, () => undefined);
    requests[0].respond(413, { message: 'Dosya çok büyük' });
    const error = await tooLarge.done.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).serverMessage).toBe('Dosya çok büyük');

    const offline = uploadMedia(file, () => undefined);
    requests[1].fail();
    await expect(offline.done).rejects.toBeInstanceOf(NetworkError);
  });

  it('abort() stops the request and rejects with an AbortError', async () => {
    const { requests } = installFakeXhr();
    const upload = uploadMedia(new File(['x'], 'a.png', { type: 'image/png' }), () => undefined);
    upload.abort();
    expect(requests[0].aborted).toBe(true);
    await expect(upload.done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
