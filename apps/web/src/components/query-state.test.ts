import { MantineProvider } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryError, QueryRetry } from './query-state';

const render = (element: ReactElement) => renderToStaticMarkup(createElement(MantineProvider, null, element));

describe('QueryError', () => {
  it('shows what failed as the alert title and the reason below', () => {
    const html = render(
      createElement(QueryError, { title: 'The orders could not be loaded', error: new Error('Offline') }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('The orders could not be loaded');
    expect(html).toContain('Offline');
    expect(html).not.toContain('Try again');
  });

  it('offers "Try again" when it can retry', () => {
    const html = render(
      createElement(QueryError, {
        title: 'The hours could not be loaded',
        error: new Error('Offline'),
        onRetry: () => {},
        retryClassName: 'touch',
      }),
    );
    expect(html).toMatch(/<button[^>]*class="[^"]*touch[^"]*"[^>]*>[\s\S]*Try again/);
  });
});

describe('QueryRetry', () => {
  it('shows the sentence and a "Try again" button, busy while retrying', () => {
    const idle = render(
      createElement(QueryRetry, {
        onRetry: () => {},
        retrying: false,
        message: 'Your orders could not be loaded.',
      }),
    );
    expect(idle).toContain('Your orders could not be loaded.');
    expect(idle).toContain('Try again');
    expect(idle).not.toContain('data-loading');
    const busy = render(
      createElement(QueryRetry, {
        onRetry: () => {},
        retrying: true,
        message: 'Your orders could not be loaded.',
      }),
    );
    expect(busy).toContain('data-loading');
  });
});
