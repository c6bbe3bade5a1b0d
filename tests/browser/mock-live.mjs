// The mock host's websocket at /ws (docs/live.md), written against node:http's 'upgrade' with no library: the
// handshake, text frames out, masked client frames in (ping → pong, resume → the missed events or resync), close.
// Test hook: POST /__mock/live with a frame `{type: 'vehicle'|'alarm', data}` numbers it and sends it to every
// connection (the real host publishes after ingestion, which needs a device key no call exposes yet). A pushed
// "message" is numbered like every event but goes (and is resumed) to its recipient's connections only.
import { createHash } from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function encode(text) {
  const payload = Buffer.from(text, 'utf8');
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0x81, len]) : len < 65536 ? Buffer.from([0x81, 126, len >> 8, len & 255]) : null;
  if (head) return Buffer.concat([head, payload]);
  const big = Buffer.alloc(10);
  big[0] = 0x81;
  big[1] = 127;
  big.writeBigUInt64BE(BigInt(len), 2);
  return Buffer.concat([big, payload]);
}

/** Complete frames at the start of `buf` → [{opcode, text}], rest. */
function decode(buf) {
  const frames = [];
  let off = 0;
  while (buf.length - off >= 2) {
    const opcode = buf[off] & 15;
    let len = buf[off + 1] & 127;
    let p = off + 2;
    if (len === 126) {
      if (buf.length - p < 2) break;
      len = buf.readUInt16BE(p);
      p += 2;
    } else if (len === 127) {
      if (buf.length - p < 8) break;
      len = Number(buf.readBigUInt64BE(p));
      p += 8;
    }
    if (buf.length - p < 4 + len) break;
    const mask = buf.subarray(p, p + 4);
    const data = Buffer.from(buf.subarray(p + 4, p + 4 + len));
    for (let i = 0; i < data.length; i++) data[i] ^= mask[i % 4];
    frames.push({ opcode, text: data.toString('utf8') });
    off = p + 4 + len;
  }
  return [frames, buf.subarray(off)];
}

/** Serves /ws on `server`; `userOf(token)` is the signed-in user's id or null. Returns publish and dropAll. */
export function createLiveMock(server, userOf) {
  const sockets = new Set();
  const owners = new Map(); // socket → user id
  const events = [];
  let seq = 0;

  server.on('upgrade', (req, socket) => {
    const url = new URL(req.url, 'http://mock');
    const userId = userOf(url.searchParams.get('token') ?? '');
    if (url.pathname !== '/ws' || userId === null) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"code":100,"data":{},"msg":"未登录或登录已过期"}');
      return;
    }
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${GUID}`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    sockets.add(socket);
    owners.set(socket, userId);
    const send = (obj) => socket.write(encode(JSON.stringify(obj)));
    send({ type: 'hello', seq, heartbeat: 20 });
    let rest = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      const [frames, left] = decode(Buffer.concat([rest, chunk]));
      rest = left;
      for (const f of frames) {
        if (f.opcode === 8) {
          socket.end(Buffer.from([0x88, 0]));
          continue;
        }
        if (f.opcode !== 1) continue;
        let msg = {};
        try {
          msg = JSON.parse(f.text);
        } catch {
          send({ type: 'error', msg: 'bad frame' });
        }
        if (msg.type === 'ping') send({ type: 'pong' });
        if (msg.type === 'resume') {
          const missed = events.filter((e) => e.seq > msg.after);
          if (missed.length > 0 && missed[0].seq !== msg.after + 1) send({ type: 'resync', seq });
          else for (const { recipient, ...e } of missed) if (recipient === null || recipient === userId) send(e);
        }
      }
    });
    const drop = () => {
      sockets.delete(socket);
      owners.delete(socket);
    };
    socket.on('close', drop);
    socket.on('error', drop);
  });

  return {
    /** Numbers a frame and sends it to every connection, or only to `recipient`'s (a user id). */
    publish(frame, recipient = null) {
      seq += 1;
      const event = { type: frame.type, seq, data: frame.data };
      events.push({ ...event, recipient });
      const to = [...sockets].filter((s) => recipient === null || owners.get(s) === recipient);
      for (const s of to) s.write(encode(JSON.stringify(event)));
      return { seq, connections: to.length };
    },
    /** Drops every connection (the console must reconnect and resume). */
    dropAll() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      owners.clear();
    },
  };
}
