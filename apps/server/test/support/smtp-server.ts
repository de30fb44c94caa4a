import { createServer, type Socket } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

export interface SmtpServer {
  port: number
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A tiny SMTP server (RFC 5321's plain dialogue: EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no auth) that keeps what
 * it receives, so tests see the mail Soko really sends over the wire.
 */
export async function startSmtpServer(): Promise<SmtpServer> {
  const received: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 localhost ESMTP test')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let index = buffer.indexOf('\r\n'); index !== -1; index = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(current)
            current = { from: '', to: [], data: '' }
            reply('250 2.0.0 queued')
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`
          }
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO') {
          reply('250-localhost')
          reply('250-8BITMIME')
          reply('250 SMTPUTF8')
        } else if (command === 'HELO') reply('250 localhost')
        else if (command === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '')
          reply('250 2.1.0 OK')
        } else if (command === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]+)>?.*$/i, '$1'))
          reply('250 2.1.5 OK')
        } else if (command === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (command === 'QUIT') {
          reply('221 2.0.0 Bye')
          socket.end()
        } else reply('250 OK')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port')
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
