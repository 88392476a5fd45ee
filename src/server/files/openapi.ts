/**
 * The file server's calls in the OpenAPI document. Their handlers (routes.ts) read multipart parts
 * and loose query strings themselves, with their own Chinese errors, so their route schemas carry no
 * validation: these descriptions are given to @fastify/swagger's `transform` (app.ts) for the
 * document only, never to the validator.
 */
const str = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });
const int = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'integer', description, ...extra });

const envelope = (result: Record<string, unknown>, description = '成功：ABP 信封 {result, success:true}；失败：{success:false, error:{code,message}}（400 参数或格式错误，401 未登录，403 凭据无效，404 不存在）') => ({
  200: {
    description,
    type: 'object',
    properties: { success: { type: 'boolean' }, result, error: { type: 'object', nullable: true } },
  },
});

const mediaResult = {
  type: 'object',
  properties: {
    url: str('播放地址：HLS 播放列表（.m3u8，打包完成后）或媒体文件本身'),
    orgfile: str('原始媒体文件地址'),
    share: str('同 url'),
    metadata: { type: 'object', properties: { time: { type: 'number', description: '时长（秒）' } } },
    duration: str('时长 hh:mm:ss'),
    ifExist: { type: 'boolean', description: '是否为已存在的同一文件（按校验和去重）' },
  },
};

const binary = (description: string) => ({ 200: { description, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } });

export const FILE_ROUTE_DOCS: Record<string, Record<string, unknown>> = {
  'POST /file/Upload': {
    tags: ['file'],
    summary: '上传文件（图片、文档、音视频）',
    description: '按字节识别类型（扩展名须一致）。AttachClass：3 图片（编辑器图片 ≤10 MB），4 文档（≤5 MB），2、1 图片/音视频/文档（≤200 MB）。类 2、4 仅能凭下载凭据下载。',
    security: [{ bearer: [] }],
    querystring: { type: 'object', properties: { project: str('项目编码', { default: 'LyProduct' }), AttachClass: int('文件类别 1–4', { default: 2, minimum: 1, maximum: 4 }) } },
    consumes: ['multipart/form-data'],
    body: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: '文件（字段名 file）' } } },
    response: envelope({ type: 'object', properties: { path: str('文件地址 /file/f/<key>'), id: str('文件 id'), value: str('类 2、4 为 id，其余为 path') } }),
  },
  'GET /file/download': {
    tags: ['file'],
    summary: '凭下载凭据下载类 2、4 文件',
    description: '凭据由 ResourceLibaryService/GetUpLoadAuth 签发（5 分钟，绑定项目，给出 id 时绑定该文件）；以原文件名作为附件下载，支持 Range。',
    querystring: { type: 'object', required: ['project', 'token', 'id'], properties: { project: str('项目编码'), token: str('下载凭据'), id: str('文件 id') } },
    response: binary('文件内容（Content-Disposition: attachment）'),
  },
  'GET /file/chunk': {
    tags: ['file'],
    summary: '分片上传：已收到的分片',
    description: '断点续传：列出此上传标识已保存的分片序号。uploadkey 由 VodService/GetUploadAuthor 签发（24 小时，绑定用户）。',
    querystring: { type: 'object', required: ['uploadkey', 'identifier'], properties: { uploadkey: str('上传凭据'), identifier: str('客户端选定的上传标识（8–80 位字母数字 _ -）') } },
    response: envelope({ type: 'object', properties: { uploaded: { type: 'array', items: { type: 'integer' } } } }),
  },
  'POST /file/chunk': {
    tags: ['file'],
    summary: '分片上传：保存一个分片',
    description: '原子保存（分片要么完整存在要么不存在），单片 ≤64 MB；字段须在文件之前。',
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      required: ['uploadkey', 'identifier', 'chunkNumber', 'file'],
      properties: { uploadkey: str('上传凭据'), identifier: str('上传标识'), chunkNumber: int('分片序号（从 1 起，≤10000）'), file: { type: 'string', format: 'binary' } },
    },
    response: envelope({ type: 'object', properties: { chunkNumber: { type: 'integer' }, size: { type: 'integer' } } }),
  },
  'POST /file/md5Check': {
    tags: ['file'],
    summary: '分片上传：秒传检查',
    description: '按前 30 MB 的 MD5（及大小）查找已存在的同一媒体文件；存在则直接返回其地址。',
    body: { type: 'object', required: ['md5', 'uploadkey'], properties: { md5: str('前 30 MB 的 MD5（32 位十六进制）'), uploadkey: str('上传凭据'), size: int('文件大小（字节）') } },
    response: envelope({ type: 'object', properties: { exists: { type: 'boolean' }, ...mediaResult.properties } }),
  },
  'POST /file/chunksMerge': {
    tags: ['file'],
    summary: '分片上传：合并分片',
    description: '按序合并到临时文件，校验 MD5 与媒体类型后才放入存储；同一校验和的文件复用已有的一份。有 ffmpeg 时后台打包 HLS。',
    body: {
      type: 'object',
      required: ['uploadkey', 'name', 'chunks', 'md5'],
      properties: {
        uploadkey: str('上传凭据'), name: str('上传标识（与分片一致）'), chunks: int('分片总数'), md5: str('前 30 MB 的 MD5'),
        ext: str('扩展名（mp4、mp3…）'), fileoldname: str('原文件名'), project: str('项目编码', { default: 'LyProduct' }),
      },
    },
    response: envelope(mediaResult),
  },
  'GET /file/f/:key': {
    tags: ['file'],
    summary: '公开文件（类 1、3 与媒体）',
    description: '按不可猜测的 key 提供，支持 Range（拖动播放）。类 2、4 返回 403。',
    params: { type: 'object', properties: { key: str('存储 key') } },
    response: binary('文件内容'),
  },
  'GET /file/hls/:key/:name': {
    tags: ['file'],
    summary: 'HLS 播放列表与分段',
    params: { type: 'object', properties: { key: str('存储 key'), name: str('index.m3u8 或 segNNNNN.ts') } },
    response: binary('播放列表或 TS 分段'),
  },
};

/** @fastify/swagger's transform: the file routes get their descriptions (they are hidden from validation, not from the document). */
export function documentFileRoutes({ schema, url, route }: { schema: unknown; url: string; route: { method: string | string[] } }) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const docs = methods.map((m) => FILE_ROUTE_DOCS[`${m} ${url}`]).find(Boolean);
  return { schema: (docs ?? schema) as Record<string, unknown>, url };
}
