import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cleanUpAfterEach,
  chooseType,
  drawerServer,
  fillBasics,
  openDrawer,
  sent,
  setText,
  submit,
} from './drawer-test-helpers';

cleanUpAfterEach();

describe('channel drawer: type-specific fields', () => {
  it('Azure: endpoint and API version, the version sent as other', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'Azure OpenAI (3)');
    expect(drawer.getByText(/模型部署名称必须和模型名称保持一致/)).toBeTruthy();
    await fillBasics(drawer);
    await setText(drawer, 'AZURE_OPENAI_ENDPOINT', 'https://docs-test-001.openai.azure.com');
    await setText(drawer, '默认 API 版本', '2024-12-01-preview');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({
      type: 3,
      base_url: 'https://docs-test-001.openai.azure.com',
      other: '2024-12-01-preview',
    });
  });

  it('custom: needs the full URL, which may hold {model}', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'Custom (8)');
    expect(drawer.getByText('支持变量 {model}，会被替换为实际请求的模型名称。')).toBeTruthy();
    await fillBasics(drawer);
    await submit(drawer);
    expect(await screen.findByText('请填写完整的 Base URL')).toBeTruthy();
    await setText(drawer, '完整的 Base URL', 'https://up.example/v1/{model}/chat/completions');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({
      type: 8,
      base_url: 'https://up.example/v1/{model}/chat/completions',
    });
  });

  it('AWS Claude: shows the AccessKey|SecretAccessKey|Region key format', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'AWS Claude (33)');
    expect((drawer.getByLabelText('密钥') as HTMLTextAreaElement).placeholder).toBe(
      '按照如下格式输入：AccessKey|SecretAccessKey|Region',
    );
    await fillBasics(drawer, 'AKIA1|secret|us-east-1');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({ type: 33, key: 'AKIA1|secret|us-east-1' });
  });

  it('Spark: shows the key format and sends v2.1 when the version is empty', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'Xunfei Spark (18)');
    expect((drawer.getByLabelText('密钥') as HTMLTextAreaElement).placeholder).toBe(
      '按照如下格式输入：APPID|APISecret|APIKey',
    );
    expect(drawer.getByLabelText('模型版本')).toBeTruthy();
    await fillBasics(drawer, 'app|secret|key');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({ type: 18, other: 'v2.1', key: 'app|secret|key' });
  });

  it('Vertex AI: one JSON credential as the key, and a region with a default entry', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'Vertex AI (41)');
    expect(drawer.getByText('整个 JSON 凭证作为一个密钥，不按行拆分。')).toBeTruthy();
    const credential = '{\n  "type": "service_account",\n  "project_id": "p-1"\n}';
    await fillBasics(drawer, credential);
    expect(drawer.queryByText(/将创建/)).toBeNull();
    await submit(drawer);
    expect(await screen.findByText('部署地区不能为空')).toBeTruthy();
    await setText(drawer, '部署地区', '{"claude-3-5-sonnet-20240620": "europe-west1"}');
    await submit(drawer);
    expect(await screen.findByText('部署地区必须包含default字段')).toBeTruthy();
    await setText(drawer, '部署地区', '{"default": "us-central1"}');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({
      type: 41,
      key: credential,
      other: '{"default": "us-central1"}',
    });
  });

  it('Cloudflare asks for an account id; knowledge base 22 for its private deployment address', async () => {
    const drawer = await openDrawer(drawerServer());
    await chooseType(drawer, 'Cloudflare (39)');
    expect(drawer.getByLabelText('Account ID')).toBeTruthy();
    await chooseType(drawer, 'Knowledge Base: FastGPT (22)');
    expect(drawer.getByLabelText('私有部署地址')).toBeTruthy();
    expect((drawer.getByLabelText('密钥') as HTMLTextAreaElement).placeholder).toBe(
      '按照如下格式输入：APIKey-AppId',
    );
    await chooseType(drawer, 'SiliconCloud (40)');
    expect(drawer.getByRole('link', { name: '通过邀请链接注册' })).toBeTruthy();
  });
});
