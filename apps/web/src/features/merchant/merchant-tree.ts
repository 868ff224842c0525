/** The merchant hierarchy as antd tree data. */
import type { DataNode } from 'antd/es/tree';
import type { MerchantNode } from '../../api/merchant-api';

export interface MerchantTreeNode extends DataNode {
  key: string;
  merchant: MerchantNode;
  children?: MerchantTreeNode[];
}

export function toMerchantTreeData(nodes: MerchantNode[]): MerchantTreeNode[] {
  return nodes.map((merchant) => ({
    key: merchant.id,
    merchant,
    children: merchant.children?.length ? toMerchantTreeData(merchant.children) : undefined,
  }));
}

export function merchantKeys(nodes: MerchantNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...merchantKeys(n.children ?? [])]);
}

export function countMerchants(nodes: MerchantNode[]): number {
  return merchantKeys(nodes).length;
}
