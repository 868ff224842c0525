import type { FastifyInstance } from 'fastify';
/** A multipart/form-data body with one file field named `file`, for inject(). */
export function multipartFile(content: Buffer, filename: string, type: string) {
  const boundary = `----brewfleet${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads one file as `token` through `POST /api/coffee/upload`; answers the upload's id. */
export async function uploadFile(
  app: FastifyInstance,
  token: string,
  content: Buffer,
  filename: string,
  type: string,
): Promise<string> {
  const { payload, contentType } = multipartFile(content, filename, type);
  const res = await app.inject({
    method: 'POST',
    url: '/api/coffee/upload',
    headers: { token, 'content-type': contentType },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload of ${filename}: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
