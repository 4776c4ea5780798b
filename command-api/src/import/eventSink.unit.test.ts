import { describe, expect, it } from 'vitest';
import type { EventStore, StreamWrite } from '@ghg/events';
import { ChunkChannel, eventSinkFor } from './eventSink';

const write = (n: number): StreamWrite[] => [{ streamId: `s-${n}`, events: [{ type: 'E', schemaVersion: 1, data: { n }, metadata: null as never }] }];

/** A store whose streamed append takes its chunks as they come and keeps them only if they all arrive. */
function stagingStore(options: { failAt?: number } = {}) {
  const appended: StreamWrite[][] = [];
  const store = {
    stagesStreamedAppends: true,
    async appendStreamed(chunks: AsyncIterable<readonly StreamWrite[]>) {
      const staged: StreamWrite[][] = [];
      for await (const chunk of chunks) {
        if (options.failAt === staged.length) throw new Error('database gone');
        staged.push([...chunk]);
      }
      appended.push(...staged);
      return { written: staged.length, lastPosition: null };
    },
  } as unknown as EventStore;
  return { store, appended };
}

describe('ChunkChannel', () => {
  it('given pushes, when consumed, then the items come in order and each push resolves once its item is taken', async () => {
    const channel = new ChunkChannel<number>();
    const taken: number[] = [];
    const consumer = (async () => {
      for await (const n of channel) taken.push(n);
    })();
    await channel.push(1);
    await channel.push(2);
    channel.end();
    await consumer;
    expect(taken).toEqual([1, 2]);
  });

  it('a failed channel throws its error into the consumer; a consumer that stopped refuses further pushes', async () => {
    const channel = new ChunkChannel<number>();
    const consumer = (async () => {
      for await (const n of channel) if (n === 2) throw new Error('consumer broke');
    })();
    await channel.push(1);
    await channel.push(2);
    await expect(consumer).rejects.toThrow('consumer broke');
    await expect(channel.push(3)).rejects.toThrow();

    const failed = new ChunkChannel<number>();
    const reading = (async () => {
      for await (const _ of failed);
    })();
    failed.fail(new Error('abandoned'));
    await expect(reading).rejects.toThrow('abandoned');
  });
});

describe('the import event sink on a store that stages streamed appends', () => {
  it('commit appends every chunk written', async () => {
    const { store, appended } = stagingStore();
    const sink = eventSinkFor(store);
    await sink.write(write(1));
    await sink.write(write(2));
    expect(await sink.commit()).toEqual({ written: 2, lastPosition: null });
    await sink.abandon(); // after a commit: nothing to do
    expect(appended.map((c) => c[0]!.streamId)).toEqual(['s-1', 's-2']);
  });

  it('abandon leaves nothing, and a database failure reaches the writer and the abandon', async () => {
    const { store, appended } = stagingStore();
    const sink = eventSinkFor(store);
    await sink.write(write(1));
    await sink.abandon();
    expect(appended).toEqual([]);

    const broken = stagingStore({ failAt: 1 });
    const failing = eventSinkFor(broken.store);
    await failing.write(write(1));
    await failing.write(write(2));
    await expect(failing.write(write(3))).rejects.toThrow();
    await expect(failing.abandon()).rejects.toThrow('database gone');
    expect(broken.appended).toEqual([]);
  });
});
