import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import '@/lib/i18n';
import { useFixedT } from './fixed-t';

function Hello({ name }: { name: string }) {
  const t = useFixedT('shop');
  return <p>{t('hello', { name })}</p>;
}

async function instance(lng: string, hello: string) {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { shop: { hello } } }, interpolation: { escapeValue: false } });
  return i18n;
}

describe('useFixedT', () => {
  it("translates with the provider's instance (the server renders each language with its own)", async () => {
    const [zh, en] = await Promise.all([instance('zh', '你好，{{name}}'), instance('en', 'Hello, {{name}}')]);
    render(
      <>
        <I18nextProvider i18n={zh}>
          <Hello name="小李" />
        </I18nextProvider>
        <I18nextProvider i18n={en}>
          <Hello name="Ann" />
        </I18nextProvider>
      </>,
    );
    expect(screen.getByText('你好，小李')).toBeInTheDocument();
    expect(screen.getByText('Hello, Ann')).toBeInTheDocument();
  });

  it('gives every component of an instance and namespace the same function', async () => {
    const zh = await instance('zh', '你好');
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useFixedT('shop'));
      return null;
    }
    render(
      <I18nextProvider i18n={zh}>
        <Probe />
        <Probe />
      </I18nextProvider>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
